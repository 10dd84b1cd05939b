/** The buyers' process of one rail's drop (drop-buyers.ts), driven over IPC. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BuyersResult, DropInput, FromBuyers, StandInReport, ToBuyers } from './drop-buyers.js';
import type { Rail } from './drop-pay.js';
import type { StandInUrls } from './drop-server.js';

export interface BuyersProcess {
  standIns: StandInUrls;
  drop(input: DropInput): Promise<BuyersResult>;
  /** Ends the process; what its stand-ins saw. */
  stop(): Promise<StandInReport>;
}

export async function startBuyers(rail: Rail): Promise<BuyersProcess> {
  const script = fileURLToPath(new URL('./drop-buyers.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, rail], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await nextMessage(child);
  if (!('ready' in ready)) throw new Error('the buyers did not start');
  const ask = async (message: ToBuyers): Promise<FromBuyers> => {
    if (!child.connected) throw new Error(`the buyers exited with ${child.exitCode}`);
    const answer = nextMessage(child);
    child.send(message);
    return answer;
  };
  let stopped: Promise<StandInReport> | undefined;
  return {
    standIns: { telegramApiRoot: ready.telegramApiRoot, indexerUrl: ready.indexerUrl },
    async drop(input) {
      const answer = await ask({ drop: input });
      if (!('result' in answer)) throw new Error('the buyers answered no result');
      return answer.result;
    },
    stop() {
      stopped ??= (async () => {
        const exited = new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(0)));
        const answer = await ask({ stop: true });
        await exited;
        if (!('standIns' in answer)) throw new Error('the buyers answered no report');
        return answer.standIns;
      })();
      return stopped;
    },
  };
}

function nextMessage(child: ChildProcess): Promise<FromBuyers> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the buyers exited with ${code}`));
    child.once('exit', onExit);
    child.once('message', (message: FromBuyers) => {
      child.off('exit', onExit);
      resolve(message);
    });
  });
}
