#!/usr/bin/env bash
# Run once by the postgres image on an empty data folder (mounted into /docker-entrypoint-initdb.d by
# compose.yaml): the role the replica copies and streams with, the slot that keeps the WAL it has not read yet,
# and the pg_hba.conf line that lets it in (docs/deploy.md#reads-from-the-replica).
#
# The image runs this against its temporary server, on the local socket, before the real server starts; the
# real server then reads the pg_hba.conf written here. The image may source this file rather than execute it,
# so it sets no shell options beyond -e and never exits but on an error.
set -e

replication_user="${REPLICATION_USER:-replicator}"
replication_slot="${REPLICATION_SLOT:-tasko_replica}"
if [ -z "${REPLICATION_PASSWORD:-}" ]; then
  echo "primary-init.sh: REPLICATION_PASSWORD is not set; the replica could not sign in" >&2
  exit 1
fi

# psql fills :"user", :'password' and :'slot' quoted as an identifier and as literals: no value is pasted into SQL.
psql -v ON_ERROR_STOP=1 --no-psqlrc --username "$POSTGRES_USER" --dbname "${POSTGRES_DB:-$POSTGRES_USER}" \
  -v user="$replication_user" -v password="$REPLICATION_PASSWORD" -v slot="$replication_slot" <<'SQL'
CREATE ROLE :"user" WITH REPLICATION LOGIN PASSWORD :'password';
-- A physical slot: the primary keeps the WAL the replica has not received (bounded by max_slot_wal_keep_size
-- in compose.yaml), so a replica that was down catches up instead of being copied again.
SELECT pg_create_physical_replication_slot(:'slot');
SQL

# "all" in the database column does not take in replication connections: they need a line of their own. A
# password is asked (SCRAM) whatever the address; the primary is reachable on the compose network only.
echo "host replication ${replication_user} all scram-sha-256" >> "$PGDATA/pg_hba.conf"
