"""Reads on every API request with SQL written once per process, not a queryset compiled on each.

Every request authenticates (a token and its user, a bot and its owner), and every action locks
its match's row and may read the events since the head its process last saw. Compiling those
querysets, or resolving a ``raw()`` one's columns, cost more than the round trip: in
``bench.http`` the token's lookup alone was a third of an action POST's Python time. The SQL
here is built from the models' metadata, and every value goes through the converters the ORM
applies (SQLite's dates and booleans, JSON), so the values and instances are the ORM's own.
"""

import functools

from django.db import connections


class Columns:
    """Some of a model's concrete fields (all of them by default), in order, with the converters
    of each column that has any on this connection."""

    def __init__(self, model, connection, field_names=None, alias=None):
        meta = model._meta
        self.model = model
        self.fields = meta.concrete_fields if field_names is None else [meta.get_field(n) for n in field_names]
        self.names = [f.attname for f in self.fields]
        quote = connection.ops.quote_name
        prefix = f"{alias}." if alias else ""
        self.select = ", ".join(prefix + quote(f.column) for f in self.fields)
        self.converters = []
        for i, field in enumerate(self.fields):
            column = field.get_col(alias or meta.db_table)
            found = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
            if found:
                self.converters.append((i, found, column))

    def values(self, row, connection):
        values = list(row)
        for i, converters, column in self.converters:
            for convert in converters:
                values[i] = convert(values[i], column, connection)
        return values

    def instance(self, row, connection):
        return self.model.from_db(connection.alias, self.names, self.values(row, connection))


def fetch(connection, sql, params):
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def one_with_related(model, relation, field_name, value, using="default"):
    """The ``model`` instance whose unique ``field_name`` is ``value``, with its foreign key
    ``relation`` already loaded (reading it makes no query); None when there is none."""
    connection = connections[using]
    sql, own, related = _with_related(model, relation, field_name, using, connection.vendor)
    found = fetch(connection, sql, [value])
    if not found:
        return None
    row = found[0]
    instance = own.instance(row[: len(own.fields)], connection)
    setattr(instance, relation, related.instance(row[len(own.fields) :], connection))
    return instance


def locked(model, pk, using="default"):
    """The ``model`` row ``pk``, locked until the transaction ends (``select_for_update``; SQLite
    locks the whole database on write and has none); None when there is none."""
    connection = connections[using]
    sql, columns = _locked(model, using, connection.vendor)
    found = fetch(connection, sql, [pk])
    return columns.instance(found[0], connection) if found else None


# Each cache is keyed by the alias's vendor too: a test run may point the alias at another database.


@functools.cache
def _with_related(model, relation, field_name, using, vendor):
    connection = connections[using]
    quote = connection.ops.quote_name
    meta = model._meta
    if not meta.get_field(field_name).unique:
        raise ValueError(f"{meta.label}.{field_name} is not unique: a lookup by it may find several rows")
    foreign_key = meta.get_field(relation)
    own = Columns(model, connection, alias="a")
    related = Columns(foreign_key.related_model, connection, alias="b")
    sql = (
        f"SELECT {own.select}, {related.select} FROM {quote(meta.db_table)} a "
        f"JOIN {quote(foreign_key.related_model._meta.db_table)} b "
        f"ON b.{quote(foreign_key.target_field.column)} = a.{quote(foreign_key.column)} "
        f"WHERE a.{quote(meta.get_field(field_name).column)} = %s"
    )
    return sql, own, related


@functools.cache
def _locked(model, using, vendor):
    connection = connections[using]
    quote = connection.ops.quote_name
    meta = model._meta
    columns = Columns(model, connection)
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    return f"SELECT {columns.select} FROM {quote(meta.db_table)} WHERE {quote(meta.pk.column)} = %s{lock}", columns
