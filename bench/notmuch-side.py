#!/usr/bin/env python3
"""The notmuch side of bench/notmuch-comparison.bench.ts (issue 12), through notmuch's own Python
library (python3-notmuch2, Debian), so both sides are timed in-process.

  notmuch-side.py check
      exits 0 when notmuch2 can be imported.
  notmuch-side.py index DB_DIR < manifest.jsonl
      creates the notmuch database in DB_DIR (the mail files live under it) and adds every file
      listed as {"path": ..., "tags": [...]}: the List-Id header is indexed as the prefix List:
      (notmuch's index.header config), tags are set as the message is added.
  notmuch-side.py serve DB_DIR
      answers one JSON request per line, {"query": Q, "pageSize": N}, with
      {"pageMs", "countMs", "count", "shown"}: the newest N matches (id, date, From, Subject, as a
      list shows them) and the count, each timed here with perf_counter.
"""
import json
import os
import sys
import time


def check():
    import notmuch2  # noqa: F401


def index(db_dir):
    import notmuch2
    # No config file: the database holds its own configuration (the user's ~/.notmuch-config is
    # not read, so the bench is the same on every machine).
    db = notmuch2.Database.create(db_dir)
    db.close()
    db = notmuch2.Database(db_dir, mode=notmuch2.Database.MODE.READ_WRITE, config=notmuch2.Database.CONFIG.EMPTY)
    db.config['index.header.List'] = 'List-Id'
    db.close()
    db = notmuch2.Database(db_dir, mode=notmuch2.Database.MODE.READ_WRITE, config=notmuch2.Database.CONFIG.EMPTY)
    added = 0
    batch = []
    for line in sys.stdin:
        batch.append(json.loads(line))
        if len(batch) == 1000:
            added += add_batch(db, batch)
            batch = []
    added += add_batch(db, batch)
    db.close()
    print(json.dumps({'added': added}))


def add_batch(db, batch):
    with db.atomic():
        for item in batch:
            message, _duplicate = db.add(item['path'], sync_flags=False)
            for tag in item['tags']:
                message.tags.add(tag)
    return len(batch)


def header(message, name):
    try:
        return message.header(name)
    except LookupError:  # the message has no such header
        return ''


def serve(db_dir):
    import notmuch2
    db = notmuch2.Database(db_dir, mode=notmuch2.Database.MODE.READ_ONLY, config=notmuch2.Database.CONFIG.EMPTY)
    newest = notmuch2.Database.SORT.NEWEST_FIRST
    for line in sys.stdin:
        request = json.loads(line)
        query = request['query']
        started = time.perf_counter()
        shown = 0
        for message in db.messages(query, sort=newest):
            # What a list row shows; notmuch keeps these in its database.
            _row = (message.messageid, message.date, header(message, 'from'), header(message, 'subject'))
            shown += 1
            if shown == request['pageSize']:
                break
        page_ms = (time.perf_counter() - started) * 1000
        started = time.perf_counter()
        count = db.count_messages(query)
        count_ms = (time.perf_counter() - started) * 1000
        sys.stdout.write(json.dumps({'pageMs': page_ms, 'countMs': count_ms, 'count': count, 'shown': shown}) + '\n')
        sys.stdout.flush()


if __name__ == '__main__':
    command = sys.argv[1] if len(sys.argv) > 1 else ''
    if command == 'check':
        check()
    elif command == 'index':
        index(sys.argv[2])
    elif command == 'serve':
        serve(sys.argv[2])
    else:
        sys.stderr.write(__doc__)
        sys.exit(2)
