'use strict';
// The peer's game: the same shape of move as bench.live's workload on our side. Each round
// both players pick one card from a hand of five; a pick stays hidden from the other player
// (playerView) until both have picked, then both are revealed, scored, and the hands are
// refilled from the server's seeded random source. Rounds repeat without end, so a pair of
// players never runs out of moves during a measurement window.
const { INVALID_MOVE, ActivePlayers } = require('boardgame.io/core');

const HAND = 5;
const CARDS = 20;
const OTHER = { 0: '1', 1: '0' };

function draw(random) {
  return `c${random.Die(CARDS)}`;
}

function deal(random) {
  return Array.from({ length: HAND }, () => draw(random));
}

function pick({ G, playerID, random }, card) {
  const hand = G.hands[playerID];
  // Malformed or replayed input changes nothing: the server checks every pick.
  if (hand === undefined || typeof card !== 'string' || G.picks[playerID] !== null) {
    return INVALID_MOVE;
  }
  const at = hand.indexOf(card);
  if (at < 0) return INVALID_MOVE;
  hand.splice(at, 1);
  G.picks[playerID] = card;
  const other = OTHER[playerID];
  if (G.picks[other] === null) return undefined;
  // Both have picked: reveal, score the higher card, refill, next round.
  const a = Number(G.picks['0'].slice(1));
  const b = Number(G.picks['1'].slice(1));
  G.revealed = { 0: G.picks['0'], 1: G.picks['1'], round: G.round };
  if (a > b) G.score['0'] += 1;
  if (b > a) G.score['1'] += 1;
  G.hands['0'].push(draw(random));
  G.hands['1'].push(draw(random));
  G.picks = { 0: null, 1: null };
  G.round += 1;
  return undefined;
}

// What one seat may see: its own hand and pick; of the other's pick only whether it is made.
// A spectator (no playerID) sees neither hand nor any pick in progress.
function playerView({ G, playerID }) {
  const seen = (seat) => {
    if (G.picks[seat] === null) return null;
    return seat === playerID ? G.picks[seat] : 'hidden';
  };
  return {
    round: G.round,
    score: G.score,
    revealed: G.revealed,
    hands: playerID in G.hands ? { [playerID]: G.hands[playerID] } : {},
    picks: { 0: seen('0'), 1: seen('1') },
  };
}

const PickGame = {
  name: 'pick',
  minPlayers: 2,
  maxPlayers: 2,
  setup: ({ random }) => ({
    round: 1,
    score: { 0: 0, 1: 0 },
    revealed: null,
    hands: { 0: deal(random), 1: deal(random) },
    picks: { 0: null, 1: null },
  }),
  // Both players may act at any time: the picks are simultaneous, not turn by turn.
  turn: { activePlayers: ActivePlayers.ALL },
  // redact: the log sent with every update carries each move's arguments; without it the
  // opponent would read the hidden card there.
  moves: { pick: { move: pick, client: false, redact: true } },
  playerView,
};

module.exports = { PickGame, playerView };
