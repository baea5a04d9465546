"""Import of a family's history (JSON Lines, as history_export writes it), streamed (issue 19).

The file is read a chunk of lines at a time and the whole import is one transaction: any bad
line and nothing is saved, and every bad line is named. Each chunk is ruled and then written with
a few bulk statements (COPY on PostgreSQL, by a writer thread while the next chunk is ruled: the
server's work, which is most of an import, runs beside the referee's), so memory stays flat however
long the file is: what is held across chunks is two chunks, a few hundred sessions' chains and the errors.

Hands the archive already holds are found by key: Hand.record_key (services.record_hash of the
record) of the numbers the chunk names, read with one query a chunk; no record is loaded. A hand
is written as a normal save writes it (services.HandChain): the chain's pot_in and dealer, the
ruling's facts in the Hand's columns, revision 1 of kind "imported" (who, when, why) and the
LedgerEntry rows with the kinds of the ruling's facts. The statistics follow with one job after
commit. Large uploads run as background jobs (ImportJob; archive.history.services queues them).
"""

from archive.history.imports.background import import_job_create, import_job_run
from archive.history.imports.run import history_import

__all__ = ["history_import", "import_job_create", "import_job_run"]
