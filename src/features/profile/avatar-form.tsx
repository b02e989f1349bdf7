import { useAtom, useAtomValue } from 'jotai';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { Avatar } from '../../components/ui/avatar.tsx';
import { useT } from '../../i18n/use-t.ts';
import { ApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { fullNameAtom, userAtom } from '../../lib/session.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { AVATAR_TYPES } from '../../shared/contracts/account.ts';
import { AVATAR_MAX_MB, avatarFileProblem, avatarUploadProblem } from './avatar-file.ts';
import { deleteAvatar, uploadAvatar } from './profile-api.ts';

type Busy = null | 'upload' | 'remove';

/**
 * The profile picture: choose a file (type and size checked at once, as the server does), see it
 * as it will appear, then upload it (POST /api/user/avatar) or remove the current one.
 */
export function AvatarForm() {
  const t = useT('profile');
  const [user, setUser] = useAtom(userAtom);
  const name = useAtomValue(fullNameAtom);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const hintId = useId();
  const problemId = useId();

  // The preview's object URL lives exactly as long as the chosen file.
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // Clear the input so choosing the same file again still fires a change.
    event.target.value = '';
    if (!chosen) return;
    const refusal = avatarFileProblem(chosen, t);
    setProblem(refusal);
    setFile(refusal ? null : chosen);
  };

  const upload = async () => {
    if (!file) return;
    setBusy('upload');
    setProblem(null);
    try {
      setUser(await uploadAvatar(file));
      setFile(null);
      void toastSuccess(t('avatarSaved'));
    } catch (error) {
      setProblem((error instanceof ApiError && avatarUploadProblem(error.status, t)) || errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('remove');
    setProblem(null);
    try {
      setUser(await deleteAvatar());
      void toastSuccess(t('avatarRemoved'));
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  if (!user) return null;
  const describedBy = [problem ? problemId : null, hintId].filter(Boolean).join(' ');

  return (
    <section className="card profile-section" aria-labelledby="profile-avatar-title">
      <h2 id="profile-avatar-title" className="profile-section__title">
        {t('profilePicture')}
      </h2>
      <div className="profile-avatar">
        <Avatar name={name} image={user.image} src={preview} size="lg" />
        <div className="profile-avatar__body">
          <p className="profile-avatar__status">
            {preview ? t('avatarPreview') : user.image ? t('avatarCurrent') : t('avatarNone')}
          </p>
          <p id={hintId} className="field-hint">
            {t('avatarHint', { max: AVATAR_MAX_MB })}
          </p>
          {problem ? (
            <p id={problemId} className="field-error" role="alert">
              {problem}
            </p>
          ) : null}
          <div className="profile-form__actions">
            {file ? (
              <>
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={upload}
                  disabled={busy !== null}
                  aria-busy={busy === 'upload' || undefined}
                >
                  {busy === 'upload' ? t('uploading') : t('savePicture')}
                </button>
                <button type="button" className="btn btn-ghost" onClick={() => setFile(null)} disabled={busy !== null}>
                  {t('cancel')}
                </button>
              </>
            ) : (
              <>
                {/* The native input stays in the page (keyboard, assistive technology); the label is its button. */}
                <input
                  id="profile-avatar-file"
                  className="visually-hidden"
                  type="file"
                  accept={AVATAR_TYPES.join(',')}
                  onChange={choose}
                  disabled={busy !== null}
                  aria-describedby={describedBy}
                />
                <label htmlFor="profile-avatar-file" className="btn btn-secondary profile-avatar__choose">
                  {user.image ? t('chooseAnotherPicture') : t('choosePicture')}
                </label>
                {user.image ? (
                  <button
                    type="button"
                    className="btn btn-ghost"
                    onClick={remove}
                    disabled={busy !== null}
                    aria-busy={busy === 'remove' || undefined}
                  >
                    {busy === 'remove' ? t('removing') : t('removePicture')}
                  </button>
                ) : null}
              </>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
