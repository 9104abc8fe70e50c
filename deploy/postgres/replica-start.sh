#!/usr/bin/env bash
# The streaming replica's start (compose.yaml, docs/deploy.md#reads-from-the-replica). On a data folder that
# holds no finished copy it copies the primary with pg_basebackup: -X stream brings the WAL written during the
# copy, -R writes standby.signal and primary_conninfo, -S streams through the slot primary-init.sh made. Then it
# runs as a hot standby. A folder with a finished copy starts as it is and catches up from the slot.
#
# Runs as the postgres user (compose.yaml sets `user: postgres`). Arguments are passed on to postgres.
set -euo pipefail

pgdata="${PGDATA:-/var/lib/postgresql/data}"
primary_host="${PRIMARY_HOST:-postgres-primary}"
primary_port="${PRIMARY_PORT:-5432}"
replication_user="${REPLICATION_USER:-replicator}"
replication_slot="${REPLICATION_SLOT:-tasko_replica}"
: "${REPLICATION_PASSWORD:?is not set: the replica could not sign in to the primary}"
# Written after pg_basebackup succeeded. PG_VERSION alone does not say the copy finished, and standby.signal
# is gone once a replica is promoted: neither tells a broken copy from a promoted one.
copied="$pgdata/tasko-base-backup.done"

if [ ! -e "$copied" ]; then
  until pg_isready -q -h "$primary_host" -p "$primary_port" -U "$replication_user"; do
    echo "replica-start.sh: waiting for the primary at ${primary_host}:${primary_port}"
    sleep 1
  done
  # pg_basebackup writes into an empty folder only: what a copy that died half way left is cleared first.
  find "$pgdata" -mindepth 1 -delete
  echo "replica-start.sh: copying the primary into ${pgdata}"
  PGPASSWORD="$REPLICATION_PASSWORD" pg_basebackup \
    --host="$primary_host" --port="$primary_port" --username="$replication_user" --no-password \
    --pgdata="$pgdata" --wal-method=stream --write-recovery-conf --slot="$replication_slot" \
    --checkpoint=fast --progress
  # The server refuses a data folder others may read.
  chmod 0700 "$pgdata"
  touch "$copied"
fi

# -R writes the password into primary_conninfo (postgresql.auto.conf, readable by postgres only): a changed
# REPLICATION_PASSWORD reaches a finished copy only through ALTER SYSTEM SET primary_conninfo on the standby.
# hot_standby_feedback: a long public search on the replica is not cancelled by the primary's vacuum.
# The standby's max_connections (and the other limits a hot standby checks) come from the postgresql.conf the
# copy brought: the primary's defaults, since compose.yaml changes none of them.
exec postgres -D "$pgdata" -c hot_standby=on -c hot_standby_feedback=on -c listen_addresses='*' "$@"
