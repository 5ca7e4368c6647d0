// The operator CLI: `npm run admin -- <command>` (see `npm run admin -- --help`).
import { runAdmin } from './admin/cli.ts';

process.exitCode = await runAdmin(process.argv.slice(2));
