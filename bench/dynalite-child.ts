/**
 * An in-memory dynalite in its own process, as `npm start` runs it beside an ingest CLI.
 * Prints its endpoint on the first line; stops when its parent closes stdin.
 */
import { startLocalDynamo } from '../shared/local/dynalite-server.js';

const dynamo = await startLocalDynamo();
process.stdout.write(`${dynamo.endpoint}\n`);
process.stdin.resume();
process.stdin.on('end', () => void dynamo.close().then(() => process.exit(0)));
