# The append-only event store lands here (DESIGN.md 3.3).
