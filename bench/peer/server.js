'use strict';
// The peer's server: boardgame.io's own Server (Koa + socket.io, in-memory storage, one
// process) serving the pick game, its lobby API on the same port.
//
//   node bench/peer/server.js --port 8123
//
// boardgame.io's Server.run listens on every interface; the load is local, so the listen
// call is redirected to 127.0.0.1 before run() uses it.
const { Server, Origins } = require('boardgame.io/server');
const { PickGame } = require('./game');

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
}

const port = Number(option('port', '8123'));
const server = Server({ games: [PickGame], origins: [Origins.LOCALHOST] });
const { app } = server;
// koa-socket-2 (attached by the socket.io transport in Server()) has replaced app.listen
// with a call on its own http server; keep that server, pin the address.
app.listen = (listenPort, callback) => app.server.listen(listenPort, '127.0.0.1', callback);

server.run(port, () => {
  process.stdout.write(`peer serving on 127.0.0.1:${port}\n`);
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => process.exit(0));
}
