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
 * One tool call that has not finished by then is stuck on a hostile or broken file: a 3 s sticker takes
 * about 2 s to encode on one core, so a minute is generous even for the worst re-encoding round.
 */
export const MEDIA_TOOL_TIMEOUT_MS = 60_000;
/**
 * All the tool calls of one file's conversion together (probe, every quality round, the still): a file
 * that needs each call's whole minute would otherwise hold a conversion slot for five.
 */
export const MEDIA_FILE_BUDGET_MS = 90_000;
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

/** The time left for one file's conversion, shared by every tool call made for it. */
export interface ToolBudget {
  /** Milliseconds left; zero or less once spent. */
  left(): number;
}

/** A new budget for one file, measured on `now` (a monotonic clock; tests give their own). */
export function fileBudget(totalMs = MEDIA_FILE_BUDGET_MS, now: () => number = () => performance.now()): ToolBudget {
  const deadline = now() + totalMs;
  return { left: () => deadline - now() };
}

/**
 * Runs a tool as a child process (its CPU is the child's, never the event loop's), killed when its minute
 * or the file's budget runs out, whichever comes first; a spent budget refuses the file before starting.
 * A failure is the file's fault (the tools only ever read uploads): an invalid-image refusal. Not exported:
 * ffmpeg and ffprobe run only through `ffmpeg` and `ffprobe` below, with their safe arguments.
 */
function runTool(file: string, args: string[], budget: ToolBudget): Promise<Buffer> {
  const left = budget.left();
  if (left <= 0) return Promise.reject(new DomainError('invalid_image', API_ERRORS.conversionTooSlow));
  const timeout = Math.ceil(Math.min(left, MEDIA_TOOL_TIMEOUT_MS));
  return new Promise((resolve, reject) => {
    const child = execFile(
      file,
      args,
      { encoding: 'buffer', timeout, maxBuffer: MAX_OUTPUT_BYTES, killSignal: 'SIGKILL' },
      (error, stdout) => {
        if (!error) resolve(stdout);
        else if (error.killed && (error as { code?: unknown }).code !== 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER')
          reject(new DomainError('invalid_image', API_ERRORS.conversionTooSlow));
        else reject(new DomainError('invalid_image', API_ERRORS.imageUnreadable));
      },
    );
    // No tool ever reads a keyboard: stdin is closed at once.
    child.stdin?.end();
  });
}

/**
 * The one demuxer each kind of media file is read with, chosen from its magic bytes (upload.ts) and never
 * guessed by the tools from its content: left to guess, ffmpeg takes a file with `ftyp` at offset 4 and a
 * DASH manifest after it for DASH, and fetches the URLs the manifest names.
 */
const DEMUXERS = { gif: 'gif', mp4: 'mov', webm: 'matroska', png: 'image2' } as const;
export type MediaFileType = keyof typeof DEMUXERS;

/** A file the tools read: where it is and what its magic bytes said it is. */
export interface MediaInput {
  file: string;
  type: MediaFileType;
}

/**
 * How every ffmpeg and ffprobe call reads its input, and the only place that says it (docs/media-tools.md
 * gives each flag's reason): the demuxer forced to the type, no other demuxer allowed (a playlist, a
 * manifest or a concat list is refused instead of followed), and no protocol but `file` (no network).
 */
export function inputArgs({ file, type }: MediaInput, options: string[] = []): string[] {
  const demuxer = DEMUXERS[type];
  return [...['-protocol_whitelist', 'file', '-format_whitelist', demuxer], ...options, ...['-f', demuxer, '-i', file]];
}

/** Where ffmpeg writes: a file in the conversion's folder, or stdout (`-`); nothing else, and no network. */
export function outputArgs(output: string): string[] {
  return ['-protocol_whitelist', output === '-' ? 'pipe' : 'file', output];
}

/** ffprobe on one input, `show` saying what to print (as JSON). */
export function ffprobe(input: MediaInput, show: string[], budget: ToolBudget): Promise<Buffer> {
  return runTool(mediaBinaries().ffprobe, ['-v', 'error', ...inputArgs(input), '-of', 'json', ...show], budget);
}

/**
 * ffmpeg from one input to one output: `inputOptions` apply to the input (a decoder, a loop), `outputOptions`
 * to the output (filters, encoder, `-f`). Never reads stdin, never overwrites a file it was not given.
 */
export function ffmpeg(
  run: { input: MediaInput; inputOptions?: string[]; outputOptions: string[]; output: string },
  budget: ToolBudget,
): Promise<Buffer> {
  const args = [
    ...['-nostdin', '-v', 'error', '-y'],
    ...inputArgs(run.input, run.inputOptions),
    ...run.outputOptions,
    ...outputArgs(run.output),
  ];
  return runTool(mediaBinaries().ffmpeg, args, budget);
}

/** A Node script of ours (the Lottie renderer) as a child process, under the same budget. */
export function runNodeScript(args: string[], budget: ToolBudget): Promise<Buffer> {
  return runTool(process.execPath, args, budget);
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
