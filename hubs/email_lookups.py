"""Case-insensitive address lookups that use the `Lower(email)` indexes.

Django's `iexact` is `UPPER(col) = UPPER(%s)` on PostgreSQL and `col LIKE %s` on
SQLite: neither can use the `Lower("email")` unique indexes every address column has,
so each lookup of a member, contact or hub by address read the whole table (or hub).
On EmailField, `iexact` is `LOWER(col) = %s` with the value lower-cased as the models
store it (save() lower-cases), which both databases answer from those indexes.
"""

from django.db.models import EmailField, Lookup
from django.db.models.expressions import Expression


class LowerExact(Lookup):
    """`email__iexact=value` as `LOWER(email) = lower(value)`."""

    lookup_name = "iexact"
    prepare_rhs = False

    def get_prep_lookup(self):
        if isinstance(self.rhs, str):
            return self.rhs.lower()
        return super().get_prep_lookup()

    def as_sql(self, compiler, connection):
        lhs, lhs_params = self.process_lhs(compiler, connection)
        rhs, rhs_params = self.process_rhs(compiler, connection)
        if isinstance(self.rhs, Expression) or hasattr(self.rhs, "resolve_expression"):
            rhs = f"LOWER({rhs})"
        return f"LOWER({lhs}) = {rhs}", [*lhs_params, *rhs_params]


EmailField.register_lookup(LowerExact)
