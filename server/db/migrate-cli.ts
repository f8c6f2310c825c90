import { loadEnv } from '../env.ts';
import { openDatabase } from './client.ts';

const env = loadEnv();
const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
await handle.migrate();
await handle.close();
console.log(`Migrations applied (${handle.engine}).`);
