"""The referee: replays a hand record and rules on it. Pure Python, no Django.

    replay(record: dict) -> dict        the ruling (ruling/1)
    steps(record: dict) -> iterator     the state after each event, for a replay page
    BadRecord                           raised for a record that cannot describe a real hand;
                                        .errors is [{"event", "field", "message"}]
"""
