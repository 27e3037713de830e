"""Outgoing webhooks: a hub's subscribed URLs hear of its meetings and members.

Layers, one way: `payload`, `signing` and `retry` are pure; `transport` posts to a
checked, pinned address; `outbox` writes delivery rows in the event's transaction;
`sending` claims and sends them; `services` is what the admin and the API call;
`tasks` holds the django-q2 entry points.
"""
