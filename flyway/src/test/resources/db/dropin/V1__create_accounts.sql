CREATE TABLE flyway_accounts (id int PRIMARY KEY, owner text NOT NULL);
