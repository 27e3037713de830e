"""Tenancy: hubs and everything a hub owns."""

from hubs import email_lookups  # noqa: F401 - address lookups that use the Lower indexes
from hubs.models.api_keys import ApiKey, IdempotentResponse
from hubs.models.hub import AgentPolicy, Hub, HubAlias, SenderPolicy
from hubs.models.invites import InviteCode
from hubs.models.llm import HubLLMSettings
from hubs.models.people import Contact, Member
from hubs.models.scoping import HubScopedQuerySet

__all__ = [
    "ApiKey",
    "IdempotentResponse",
    "Contact",
    "Hub",
    "HubAlias",
    "HubLLMSettings",
    "HubScopedQuerySet",
    "InviteCode",
    "Member",
    "SenderPolicy",
    "AgentPolicy",
]
