/** Saves text as a file through a temporary object URL (nothing leaves the browser). */
export function downloadText(fileName: string, text: string, type = 'text/plain') {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled, so the download has its data.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function DownloadButton({
  fileName,
  text,
  type,
  children,
}: {
  fileName: string;
  text: string;
  type?: string;
  children: string;
}) {
  return (
    <button type="button" className="button button-subtle" onClick={() => downloadText(fileName, text, type)}>
      {children}
    </button>
  );
}
