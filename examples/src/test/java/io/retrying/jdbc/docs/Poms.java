package io.retrying.jdbc.docs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/** Reading the reactor's pom files: direct children by name, no Maven model. */
final class Poms {

    private Poms() {}

    static Element read(Path pom) {
        try {
            return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile()).getDocumentElement();
        } catch (Exception e) {
            throw new AssertionError("cannot read " + pom, e);
        }
    }

    static List<Element> children(Element parent, String name) {
        List<Element> children = new ArrayList<>();
        for (Node n = parent == null ? null : parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                children.add(e);
            }
        }
        return children;
    }

    static Element child(Element parent, String name) {
        List<Element> children = children(parent, name);
        return children.isEmpty() ? null : children.get(0);
    }

    /** The text of a path of children, e.g. {@code text(pom, "parent", "version")}, or null. */
    static String text(Element element, String... path) {
        Element e = element;
        for (String name : path) {
            e = child(e, name);
        }
        return e == null ? null : e.getTextContent().strip();
    }

    /** The reactor's version: the root pom's. */
    static String projectVersion(Path root) {
        return text(read(root.resolve("pom.xml")), "version");
    }
}
