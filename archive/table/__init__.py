"""The table: nights (sessions), seats, hands, revisions, the pot chain and its carry, disputes, the rule-book pages."""
