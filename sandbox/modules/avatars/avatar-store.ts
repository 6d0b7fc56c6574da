import type { SandboxContext } from '../../core/context';
import { drawPicture, type Picture, type PictureFile } from './pictures';

/**
 * Who has an avatar, and its picture, per world. In the demo most people have one (PNG, JPEG or
 * SVG, seeded); about one student in seven has none, so the client's "no photo" path is always
 * seen. Tests change one person's picture through the control API (`/__sandbox/avatars`).
 */
export class AvatarStore {
  readonly #pictures = new Map<string, Picture>();
  readonly #versions = new Map<string, number>();
  readonly #files = new Map<string, PictureFile>();

  pictureOf(userId: string): Picture | undefined {
    return this.#pictures.get(userId);
  }

  versionOf(userId: string): number {
    return this.#versions.get(userId) ?? 0;
  }

  /** Sets (or with `undefined`, removes) a picture; its link and bytes change with it. */
  set(userId: string, picture: Picture | undefined): void {
    if (picture) this.#pictures.set(userId, picture);
    else this.#pictures.delete(userId);
    this.#versions.set(userId, this.versionOf(userId) + 1);
    this.#files.delete(userId);
  }

  /** The bytes, drawn once and kept. */
  fileOf(userId: string): PictureFile | undefined {
    const picture = this.#pictures.get(userId);
    if (!picture) return undefined;
    let file = this.#files.get(userId);
    if (!file) {
      file = drawPicture(picture);
      this.#files.set(userId, file);
    }
    return file;
  }
}

const stores = new WeakMap<SandboxContext, AvatarStore>();

export function avatarStore(ctx: SandboxContext): AvatarStore {
  let store = stores.get(ctx);
  if (!store) {
    store = new AvatarStore();
    stores.set(ctx, store);
  }
  return store;
}

/** Seeds the demo's avatars from the world's random stream. */
export function seedDemoAvatars(ctx: SandboxContext): void {
  const store = avatarStore(ctx);
  const rng = ctx.rng.fork('avatars');
  const kinds = ['png', 'jpeg', 'svg'] as const;
  for (const user of ctx.directory.users.values()) {
    const isStudent = ctx.directory.userMemberships(user.id).some((m) => m.courseRoleId === 'Student');
    if (isStudent && rng.chance(1 / 7)) continue;
    store.set(user.id, { kind: rng.pick(kinds), tone: rng.int(0, 47) });
  }
}
