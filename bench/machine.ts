import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { CHROMIUM_PATH } from '../tests/support/browser';

/** The machine a run measured, written beside the figures: they mean nothing without it. */
export interface Machine {
  cpu: string;
  cores: number;
  memoryGB: number;
  node: string;
  chromium: string;
  os: string;
  /** 1-minute load average when the run started (other work on the machine skews every figure). */
  loadAverageAtStart: number;
}

export function describeMachine(): Machine {
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.cpus().length,
    memoryGB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    chromium: chromiumVersion(),
    os: `${osName()} (${os.type()} ${os.release()} ${os.arch()})`,
    loadAverageAtStart: Math.round(os.loadavg()[0]! * 100) / 100,
  };
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return `not found at ${CHROMIUM_PATH}`;
  }
}

function osName(): string {
  try {
    return /^PRETTY_NAME="?([^"\n]*)"?/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? os.platform();
  } catch {
    return os.platform();
  }
}
