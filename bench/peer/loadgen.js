'use strict';
// The peer's load generator: the players of bench.live's workload against the boardgame.io
// server in server.js, on the socket.io protocol its own client speaks.
//
//   node bench/peer/loadgen.js SPEC.json OUT.json
//
// SPEC (written by bench/peer_run.py) holds the server address, the number of matches, the
// think time and the window; OUT gets the same figures bench/loadgen.py reports for our
// server. Progress goes to stdout as `PHASE <name> {json}` lines, so the parent can take CPU
// snapshots of the server at the edges of the measurement window.
//
// Each match is created and joined through the lobby API, then each seat opens its own
// websocket (no long-polling) and syncs. The pair moves one pick at a time, as on our side:
// after a think time (uniform 0.5x-1.5x of `think`), a seat that has not picked this round
// picks a card from its hand; the move is done when both seats have received a state with a
// higher _stateID. Latencies: send -> mover's update, send -> opponent's update. The
// boardgame.io client's reducer is not run here, so the mover's figure is the server's
// answer, not an optimistic local update.
const fs = require('fs');
const { io } = require('socket.io-client');

const GAME = 'pick';

function phase(name, info = {}) {
  process.stdout.write(`PHASE ${name} ${JSON.stringify(info)}\n`);
}

function now() {
  return Number(process.hrtime.bigint()) / 1e9;
}

// A small seeded generator (mulberry32) so runs with the same seed make the same choices.
function rng(seedText) {
  let h = 1779033703 ^ seedText.length;
  for (let i = 0; i < seedText.length; i++) {
    h = Math.imul(h ^ seedText.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

class Run {
  constructor(spec) {
    this.spec = spec;
    this.base = `http://${spec.address}`;
    this.window = [0, 0];
    this.stopAt = Infinity;
    this.errors = {};
    this.samples = [];
    this.movesInWindow = 0;
    this.movesTotal = 0;
    this.connectTimes = [];
    this.frames = 0;
    this.frameBytes = 0;
  }

  error(kind) {
    this.errors[kind] = (this.errors[kind] || 0) + 1;
  }

  inWindow(t) {
    return this.window[0] <= t && t < this.window[1];
  }
}

// Runs `jobs` (functions returning promises) at most `limit` at a time.
async function bounded(jobs, limit) {
  const results = new Array(jobs.length);
  let next = 0;
  async function worker() {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]();
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}

async function post(run, path, body) {
  const response = await fetch(`${run.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}

class Seat {
  constructor(slot, playerID) {
    this.slot = slot;
    this.playerID = playerID;
    this.credentials = null;
    this.socket = null;
    this.stateID = -1;
    this.G = null;
    this.changed = null;
  }

  // The seat's own view says whether it may pick this round, and from which cards.
  hand() {
    if (!this.G || this.G.picks[this.playerID] !== null) return [];
    return this.G.hands[this.playerID] || [];
  }

  take(state, at) {
    const { run } = this.slot;
    this.stateID = state._stateID;
    this.G = state.G;
    // The other seat's pick must reach this seat only as 'hidden' until the reveal.
    const theirs = state.G.picks[this.playerID === '0' ? '1' : '0'];
    if (theirs !== null && theirs !== 'hidden') run.error("opponent's pick visible");
    const pending = this.slot.pending;
    if (pending && this.stateID > pending.stateID && !(this.playerID in pending.seen)) {
      pending.seen[this.playerID] = at;
      if (Object.keys(pending.seen).length === 2) pending.resolve();
    }
    this.slot.wake();
  }

  connect() {
    const { run } = this.slot;
    const start = now();
    return new Promise((resolve) => {
      const socket = io(`${run.base}/${GAME}`, {
        transports: ['websocket'],
        reconnection: false,
        timeout: 30000,
      });
      this.socket = socket;
      let settled = false;
      const finish = (ok, failure) => {
        if (settled) return;
        settled = true;
        if (ok) run.connectTimes.push(now() - start);
        else run.error(failure);
        resolve(ok);
      };
      socket.on('connect_error', (err) => finish(false, `connect failed (${err.message})`));
      socket.on('connect', () => {
        socket.emit('sync', this.slot.matchID, this.playerID, this.credentials, 2);
      });
      socket.on('sync', (matchID, info) => {
        this.count(info);
        this.checkLog(info.log);
        this.take(info.state, now());
        finish(true);
      });
      socket.on('update', (matchID, state, log) => {
        const at = now();
        this.count(state, log);
        this.checkLog(log);
        this.take(state, at);
      });
      socket.on('disconnect', () => {
        if (!this.slot.closing) run.error('socket closed by server');
      });
      setTimeout(() => finish(false, 'no sync after connect'), 30000);
    });
  }

  // The log that comes with a state must not carry the other seat's picks either.
  checkLog(log) {
    for (const entry of log || []) {
      const { payload } = entry.action;
      if (payload.playerID !== this.playerID && payload.args != null) {
        this.slot.run.error("opponent's pick in the log");
      }
    }
  }

  count(...payload) {
    // Frame size as the client decodes it (socket.io's JSON), for a rough comparison.
    this.slot.run.frames += 1;
    this.slot.run.frameBytes += JSON.stringify(payload).length;
  }
}

class Slot {
  constructor(run, number) {
    this.run = run;
    this.number = number;
    this.rand = rng(`${run.spec.seed}:${number}`);
    this.seats = [new Seat(this, '0'), new Seat(this, '1')];
    this.matchID = null;
    this.pending = null;
    this.waiters = [];
    this.closing = false;
    this.alive = false;
  }

  wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  async until(condition, timeout) {
    const deadline = now() + timeout;
    while (!condition()) {
      const left = deadline - now();
      if (left <= 0) return false;
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, left * 1000);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return true;
  }

  async create() {
    const { matchID } = await post(this.run, `/games/${GAME}/create`, { numPlayers: 2 });
    this.matchID = matchID;
    for (const seat of this.seats) {
      const joined = await post(this.run, `/games/${GAME}/${matchID}/join`, {
        playerID: seat.playerID,
        playerName: `p${this.number}-${seat.playerID}`,
      });
      seat.credentials = joined.playerCredentials;
    }
  }

  async open() {
    for (const seat of this.seats) {
      if (!(await seat.connect())) return false;
    }
    this.alive = true;
    return true;
  }

  close() {
    this.closing = true;
    for (const seat of this.seats) if (seat.socket) seat.socket.close();
  }

  choice(list) {
    return list[Math.floor(this.rand() * list.length)];
  }

  async play() {
    const { run } = this;
    const { think } = run.spec;
    const timeout = run.spec.move_timeout;
    while (this.alive && now() < run.stopAt) {
      if (think > 0) await sleep(think * (0.5 + this.rand()));
      if (now() >= run.stopAt) break;
      if (!(await this.until(() => this.seats.some((s) => s.hand().length), timeout))) {
        run.error('no move offered');
        break;
      }
      const mover = this.choice(this.seats.filter((s) => s.hand().length));
      const card = this.choice(mover.hand());
      let resolve;
      const done = new Promise((r) => {
        resolve = r;
      });
      const pending = { stateID: mover.stateID, seen: {}, resolve };
      this.pending = pending;
      pending.sent = now();
      mover.socket.emit(
        'update',
        {
          type: 'MAKE_MOVE',
          payload: {
            type: 'pick',
            args: [card],
            playerID: mover.playerID,
            credentials: mover.credentials,
          },
        },
        mover.stateID,
        this.matchID,
        mover.playerID,
      );
      let timer;
      const ok = await Promise.race([
        done.then(() => true),
        new Promise((r) => {
          timer = setTimeout(() => r(false), timeout * 1000);
        }),
      ]);
      clearTimeout(timer);
      this.pending = null;
      if (!ok) {
        // The server drops an action it refuses without an answer: a refusal shows as this.
        run.error('move timed out');
        continue;
      }
      run.movesTotal += 1;
      if (run.inWindow(pending.sent)) {
        run.movesInWindow += 1;
        const other = mover.playerID === '0' ? '1' : '0';
        run.samples.push([
          pending.seen[mover.playerID] - pending.sent,
          pending.seen[other] - pending.sent,
        ]);
      }
    }
  }
}

// Nearest-rank percentile in ms, as bench/loadgen.py computes it.
function pct(values, p) {
  if (!values.length) return null;
  const ordered = [...values].sort((x, y) => x - y);
  const k = Math.max(0, Math.min(ordered.length - 1, Math.ceil((ordered.length * p) / 100) - 1));
  return Math.round(ordered[k] * 100000) / 100;
}

function stats(values) {
  const ms = (v) => Math.round(v * 100000) / 100;
  return {
    n: values.length,
    mean_ms: values.length ? ms(values.reduce((a, b) => a + b, 0) / values.length) : null,
    p50_ms: pct(values, 50),
    p95_ms: pct(values, 95),
    p99_ms: pct(values, 99),
    max_ms: values.length ? ms(Math.max(...values)) : null,
  };
}

async function main() {
  const [specPath, outPath] = process.argv.slice(2);
  const spec = JSON.parse(fs.readFileSync(specPath, 'utf8'));
  const run = new Run(spec);
  const slots = Array.from({ length: spec.matches }, (_, i) => new Slot(run, i));
  const start = now();
  const limit = spec.connect_concurrency;
  await bounded(
    slots.map((s) => () => s.create()),
    limit,
  );
  const opened = await bounded(
    slots.map((s) => () => s.open()),
    limit,
  );
  const connected = opened.filter(Boolean).length;
  phase('connected', { slots: connected, seconds: Math.round((now() - start) * 100) / 100 });
  const t = now();
  run.window = [t + spec.warmup, t + spec.warmup + spec.duration];
  run.stopAt = run.window[1];
  const players = slots.filter((s) => s.alive).map((s) => s.play());
  await sleep(spec.warmup);
  phase('measuring');
  await sleep(Math.max(0, run.window[1] - now()));
  phase('measured');
  let late = 0;
  await Promise.race([
    Promise.all(players),
    sleep(spec.move_timeout + 5).then(() => {
      late = slots.filter((s) => s.pending).length;
    }),
  ]);
  for (const s of slots) s.close();
  const usage = process.cpuUsage();
  const result = {
    mode: 'peer',
    slots: slots.length,
    slots_connected: connected,
    connections: 2 * connected,
    think_s: spec.think,
    window_s: spec.duration,
    moves_in_window: run.movesInWindow,
    moves_total: run.movesTotal,
    actions_per_s: Math.round((run.movesInWindow / spec.duration) * 10) / 10,
    to_mover: stats(run.samples.map((s) => s[0])),
    to_opponent: stats(run.samples.map((s) => s[1])),
    connect: stats(run.connectTimes),
    errors: run.errors,
    error_count: Object.values(run.errors).reduce((a, b) => a + b, 0),
    frames_received: run.frames,
    mean_frame_bytes: run.frames ? Math.round(run.frameBytes / run.frames) : null,
    unfinished_players: late,
    loadgen_cpu_s: Math.round((usage.user + usage.system) / 1e4) / 100,
  };
  fs.writeFileSync(outPath, JSON.stringify(result, null, 2));
  phase('done');
  process.exit(0);
}

main().catch((err) => {
  process.stderr.write(`${err.stack || err}\n`);
  process.exit(1);
});
