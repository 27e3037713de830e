"""Admin registrations of the negotiation app live in submodules; import them here."""
