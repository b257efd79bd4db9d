INSERT INTO flyway_accounts VALUES (1, 'ada'), (2, 'grace');
