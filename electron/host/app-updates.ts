import type { App } from 'electron';
import { autoUpdater } from 'electron-updater';
import type { Logger } from '../../shared/logger';
import { managedDeploymentPath } from '../core/app/managed-deployment';
import { readUpdateSettings, updateFeed } from '../core/updates/update-settings';
import { UpdateService } from '../core/updates/update-service';

/**
 * The desktop's updates: electron-updater's `autoUpdater` (NSIS on Windows, Squirrel.Mac, AppImage
 * or deb on Linux), driven by UpdateService, from the feed the deployment file allows. A build run
 * from source (`app.isPackaged` false) does not update itself: there is nothing installed to replace.
 *
 * electron-updater makes its requests with Electron's net module in a session of its own: the
 * system's proxy settings (PAC and WPAD included) and the operating system's certificate store,
 * as the rest of the desktop's network set-up (docs/decisions/installed-desktop-app.md, "Updates of the installed app").
 */
export async function startUpdates(app: Pick<App, 'isPackaged'>, log: Logger, deploymentPath = managedDeploymentPath()): Promise<UpdateService> {
  const feed = updateFeed(await readUpdateSettings(deploymentPath));
  const updater = app.isPackaged ? autoUpdater : undefined;
  if (updater) {
    updater.logger = log;
    // A proxy asking for a password (Basic or Digest) is answered with none, which cancels the
    // request: the check fails and is tried again later, instead of waiting forever for an answer.
    // (Electron's callback without arguments is the cancel; electron-updater's type insists on two.)
    updater.on('login', (_authInfo, callback) => (callback as () => void)());
  }
  const service = new UpdateService(updater, feed, log);
  service.start();
  return service;
}
