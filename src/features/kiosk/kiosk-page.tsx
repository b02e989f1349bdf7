import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Notice } from '../../components/ui/notice.tsx';
import { useT } from '../../i18n/use-t.ts';
import { isOrganizerAtom, isStaffAtom, signOut, userAtom } from '../../lib/session.ts';
import { startSyncEngine } from '../../sync/app-sync.ts';
import { KIOSK_PATH } from './kiosk-lock.ts';
import { KioskScreen } from './kiosk-screen.tsx';
import { KioskSetup } from './kiosk-setup.tsx';
import { clearKioskSettings, type KioskSettings, readKioskSettings, type StoredSettings, saveKioskSettings } from './settings.ts';
import './kiosk.css';

/**
 * /kiosk: the set-up for staff and organizers, then kiosk mode until staff leave it with
 * the PIN. Outside the app's frame: no tab bar, no menu, nothing that leads elsewhere.
 */
export function KioskPage() {
  const user = useAtomValue(userAtom);
  const staff = useAtomValue(isStaffAtom);
  const organizer = useAtomValue(isOrganizerAtom);
  const [stored, setStored] = useState<StoredSettings>(() => readKioskSettings());

  // Check-ins go out through the outbox as on the pass check: the engine runs here too.
  useEffect(() => startSyncEngine(), []);

  // Settings this app cannot read (another version's, edited by hand): set the kiosk up again.
  useEffect(() => {
    if (stored.state !== 'unreadable') return;
    clearKioskSettings();
    setStored({ state: 'none' });
  }, [stored]);

  if (!user) return null;
  if (!staff && !organizer) return <KioskNeedsStaff />;

  /** Starts kiosk mode or changes its settings; throws when the device cannot store them (the caller says so). */
  const start = (settings: KioskSettings) => {
    saveKioskSettings(settings);
    setStored({ state: 'active', settings });
  };

  if (stored.state === 'active') {
    return (
      <KioskScreen
        userId={user.uuid}
        settings={stored.settings}
        onChange={start}
        onLeave={() => {
          clearKioskSettings();
          setStored({ state: 'none' });
        }}
      />
    );
  }
  return <KioskSetup userId={user.uuid} onStart={start} />;
}

/** A kiosk whose staff session ended and someone else signed in: staff must sign in again. */
function KioskNeedsStaff() {
  const t = useT('kiosk');
  const navigate = useNavigate();
  const signOutHere = async () => {
    await signOut();
    navigate(`/sign-in?redirect=${encodeURIComponent(KIOSK_PATH)}`, { replace: true });
  };
  return (
    <main id="main-content" className="kiosk-setup container">
      <h1>{t('title')}</h1>
      <Notice tone="warning">{t('notStaff')}</Notice>
      <button type="button" className="btn btn-secondary btn-lg" onClick={() => void signOutHere()}>
        {t('signOut')}
      </button>
    </main>
  );
}
