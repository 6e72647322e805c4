import type { PublicConfig } from '@camp/shared/config';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import classes from './site-footer.module.css';

export interface SiteFooterProps {
  config: Pick<PublicConfig, 'campName' | 'registrationYear'>;
  /** While the configuration is on its way the default name would flash; the line waits for the real one. */
  loading: boolean;
}

/** docs/product.md §2 footer: camp name, year (the registration year), and a 'Powered by' link. */
export function SiteFooter({ config, loading }: SiteFooterProps) {
  return (
    <footer className={classes.footer}>
      <div className={classes.inner}>
        <p className={classes.camp}>
          {loading ? '\u00a0' : `${config.campName} · ${config.registrationYear}`}
        </p>
        <p className={classes.powered}>
          Powered by{' '}
          <Link to={paths.home()} className={classes.link}>
            Camp Registration
          </Link>
        </p>
      </div>
    </footer>
  );
}
