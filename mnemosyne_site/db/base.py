"""PostgreSQL backend that starts the embedded server on first connection.

Settings stay free of side effects: a process that never touches the database never starts it,
and any process that does (web, worker, a management command, the tests) attaches on demand.
"""

from django.db.backends.postgresql import base

from mnemosyne_site import embedded


class DatabaseWrapper(base.DatabaseWrapper):
    def get_connection_params(self):
        self.settings_dict.update(
            {k: v for k, v in embedded.postgres_settings().items() if k != "NAME"}
        )
        return super().get_connection_params()
