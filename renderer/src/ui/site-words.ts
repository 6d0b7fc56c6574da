import { asHeading } from '../../../shared/domain/site-name';
import { t } from './i18n';

/**
 * A site's name at the start of a line, in the screen's language. The demo has no address worth
 * naming, so shared/domain/site-name.ts names it in words ("the demo"), which the host writes in
 * English; the screens say it in the instructor's language ("Die Demo"). Any other site is its
 * host as the instructor typed it, the same in every language.
 */
export function siteHeading(name: string, demo: boolean): string {
  return demo ? t('sites.cardDemo') : asHeading(name);
}
