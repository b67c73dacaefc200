"""Clients of Mnemosyne's HTTP API for agents. Imports no Django code, so agents install it alone."""
