/**
 * Saves a file the way a download link does, then lets the URL go (001 §4: saved, then cleared). For a
 * file answer fetched with apiDownload: a plain link cannot carry a bearer token (002 §7) nor show the
 * server's sentence when the file is refused (001 §8).
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
