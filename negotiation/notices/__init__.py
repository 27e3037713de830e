"""The mail a person reads: one typed function per kind of mail, each owning its template.

Services decide what happens and call these; the words live in templates/email/.
A notice queues its mail in the caller's transaction through mailbridge's outbox.
"""
