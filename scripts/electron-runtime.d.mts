/** The Electron binary, or why there is none; never downloads it. */
export function electronRuntime(): { executable: string } | { reason: string };
/** Why the desktop test tier cannot run here ("no Electron runtime: ..." or "no display: ..."), or undefined when it can. */
export function desktopTierBlocker(): string | undefined;
