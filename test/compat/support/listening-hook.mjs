// Preloaded into the servers the compat job starts (NODE_OPTIONS=--import): a line on stderr the
// moment any server of the process listens, so the job probes when there is something to reach
// instead of polling on a timer. Servers that print nothing themselves (`.listen(3000)`) included.
import { Server } from 'node:net';

const listen = Server.prototype.listen;
Server.prototype.listen = function (...args) {
  this.once('listening', () => process.stderr.write('\n[compat] listening\n'));
  return listen.apply(this, args);
};
