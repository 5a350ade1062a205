import { useId, useState } from 'react';
import { uploadFileName } from '@guildhall/contracts/recruitment';
import { useToast } from '@/ui/toast';
import { useUploadFile } from '../api/upload-file';
import { uploadFailureText } from '../lib/messages';

type UploadState = { kind: 'idle' } | { kind: 'uploading' } | { kind: 'done'; url: string; name: string };

/**
 * 000 §4 file upload, three states: idle; uploading (input disabled, 'Uploading...'); done (a tick,
 * 'Upload complete.' and a 'View file' link). 000 §5: required until an upload has completed.
 */
export function FileQuestion({
  label,
  onUploaded,
  initial,
}: {
  label: string;
  onUploaded(url: string | null): void;
  /** Issue 13 item 2: a file uploaded earlier (a restored draft, an application being edited) starts done. */
  initial?: { url: string; name: string };
}) {
  const id = useId();
  const [state, setState] = useState<UploadState>(initial ? { kind: 'done', url: initial.url, name: initial.name } : { kind: 'idle' });
  const [inputKey, setInputKey] = useState(0);
  const upload = useUploadFile();
  const toast = useToast();

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const before = state;
    setState({ kind: 'uploading' });
    onUploaded(null);
    try {
      const { finalUrl } = await upload.mutateAsync(file);
      // The name the server stored and serves (shortened, its extension fitting the bytes), as a reload shows it.
      setState({ kind: 'done', url: finalUrl, name: uploadFileName(finalUrl) });
      onUploaded(finalUrl);
    } catch (error) {
      toast({ title: uploadFailureText(error), tone: 'danger' });
      // 000 §4: a refused replacement leaves the file uploaded before it in place ('done'), not a required question again.
      setState(before.kind === 'done' ? before : { kind: 'idle' });
      onUploaded(before.kind === 'done' ? before.url : null);
      setInputKey((k) => k + 1);
    }
  };

  return (
    <div className="ui-field recruitment-file">
      <label htmlFor={id} className="ui-field__label">
        {label}
      </label>
      <input
        key={inputKey}
        id={id}
        type="file"
        className="ui-field__control recruitment-file__input"
        required={state.kind !== 'done'}
        disabled={state.kind === 'uploading'}
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      {state.kind === 'uploading' && (
        <p className="recruitment-muted" role="status">
          Uploading...
        </p>
      )}
      {state.kind === 'done' && (
        <p className="recruitment-file__done" role="status">
          <span aria-hidden="true">✔</span> Upload complete. ({state.name}){' '}
          <a href={state.url} target="_blank" rel="noreferrer">
            View file
          </a>
        </p>
      )}
    </div>
  );
}
