"""The rules reference: reading Comprehensive Rules files, rule lookups by number or words,
the project's own rules index and the links between the 2009 and 2014 numberings.  It
depends on nothing else in `rules`."""

from .lookup import Answer, Entry, Reference, ReferenceError, detect_era, open_reference, references

__all__ = ["Answer", "Entry", "Reference", "ReferenceError", "detect_era", "open_reference", "references"]
