"""API clients for tests: a person signed in with a session, an agent with its bearer token."""

from rest_framework.test import APIClient


def client_for(user) -> APIClient:
    """An APIClient signed in as `user` (people use Django sessions)."""
    client = APIClient()
    client.force_login(user)
    return client


def token_client(token: str) -> APIClient:
    """An APIClient sending `Authorization: Bearer <token>` (agents)."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client
