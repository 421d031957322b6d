import { useLocation, useNavigate } from 'react-router-dom';
import { retryFailedScreens } from '../components/lazyScreen';
import { usePageLanguage } from '../i18n/usePageLanguage';
import { FailureNotice } from './FailureNotice';
import { Themed } from './Themed';

/**
 * A page that failed outside the panel's layout (the panel's own code, or the viewer's or the band
 * page's, not loaded while offline): the panel's error page in place of React Router's developer one.
 * Retry goes to the same address again, which clears React Router's error, with the code re-armed.
 */
export function PageError() {
  const { translate } = usePageLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Themed>
      <FailureNotice
        translate={translate}
        onRetry={() => {
          retryFailedScreens();
          void navigate(location, { replace: true, state: location.state });
        }}
      />
    </Themed>
  );
}
