"""Shared pytest fixtures. The cast of users and factories will live here."""
