import path from 'node:path';
import type { Config } from '../config.js';
import { s3Storage } from './s3-storage.js';
import { diskStorage, type FileStorage } from './storage.js';

/**
 * The storage every process of a deployment shares: the S3 bucket when S3_* is configured (config.ts has
 * made sure it is complete), else DATA_DIR/files. The API and the bot's own process both start from here.
 */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): FileStorage {
  return config.s3 ? s3Storage(config.s3) : diskStorage(path.join(config.dataDir, 'files'));
}
