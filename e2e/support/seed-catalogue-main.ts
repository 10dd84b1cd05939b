/** `node --import tsx e2e/support/seed-catalogue-main.ts <dir>`: seeds the browser suite's catalogue into <dir>. */
import { seedCatalogue } from './seeded-catalogue';

await seedCatalogue(process.argv[2]!);
