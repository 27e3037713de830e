"""Turning email text into structure: an offline rules engine and an optional per-hub LLM.

Nothing here is imported at package import time: litellm in particular is loaded only
inside llm_client when a hub's model is actually called.
"""
