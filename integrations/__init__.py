"""Clients of Mnemosyne's HTTP API for agents. No Django imports: agents install it alone."""
