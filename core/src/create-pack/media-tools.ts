import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { API_ERRORS } from '@stickerdrop/shared';
import { DomainError } from '../errors.js';
import type { ImageSource } from './image.js';

/**
 * A conversion that has not finished by then is stuck on a hostile or broken file: a 3 s sticker takes
 * about 2 s to encode on one core, so a minute is generous even for the worst re-encoding round.
 */
export const MEDIA_TOOL_TIMEOUT_MS = 60_000;
/** What a tool may print on stdout: a first frame as PNG, or ffprobe's JSON. */
const MAX_OUTPUT_BYTES = 32 * 1024 * 1024;

const require = createRequire(import.meta.url);
let binaries: { ffmpeg: string; ffprobe: string } | undefined;

/**
 * ffmpeg and ffprobe are the static builds shipped inside the npm packages (nothing downloaded); resolved
 * at the first conversion, so a server that never converts never looks for them.
 */
export function mediaBinaries(): { ffmpeg: string; ffprobe: string } {
  binaries ??= {
    ffmpeg: executable('ffmpeg', (require('@ffmpeg-installer/ffmpeg') as { path: string }).path),
    ffprobe: executable('ffprobe', (require('@ffprobe-installer/ffprobe') as { path: string }).path),
  };
  return binaries;
}

/**
 * The packages ship the binaries as rw-r--r-- and make them executable in a postinstall script, which
 * npm 11 skips unless allowed (allowScripts): every conversion would then fail as "could not be read",
 * blaming the creator's file. Said once, plainly, instead.
 */
export function executable(tool: string, file: string): string {
  try {
    accessSync(file, constants.X_OK);
  } catch {
    throw new Error(
      `${tool} at ${file} is missing or not executable by this user, so no animation can be converted: ` +
        `its package's install script did not run (npm 11 skips install scripts not allowed in allowScripts). ` +
        `Run: chmod +x ${file}`,
    );
  }
  return file;
}

/**
 * Runs a tool as a child process (its CPU is the child's, never the event loop's), killed after the
 * timeout. A failure is the file's fault (the tools only ever read uploads): an invalid-image refusal, "could not be read".
 */
export function runTool(file: string, args: string[], timeoutMs = MEDIA_TOOL_TIMEOUT_MS): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { encoding: 'buffer', timeout: timeoutMs, maxBuffer: MAX_OUTPUT_BYTES, killSignal: 'SIGKILL' },
      (error, stdout) => {
        if (error) reject(new DomainError('invalid_image', API_ERRORS.imageUnreadable));
        else resolve(stdout);
      },
    );
  });
}

/** A private temporary folder for one conversion, removed afterwards whatever happens. */
export async function withTempDir<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stickerdrop-media-'));
  try {
    return await use(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** A path the tools can read: the upload's own temporary file, or the bot's buffer written into `dir`. */
export async function sourcePath(source: ImageSource, dir: string): Promise<string> {
  if (!Buffer.isBuffer(source)) return source.path;
  const file = path.join(dir, 'input');
  await fs.writeFile(file, source);
  return file;
}

export async function readSource(source: ImageSource): Promise<Buffer> {
  return Buffer.isBuffer(source) ? source : fs.readFile(source.path);
}
