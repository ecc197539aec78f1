/** The file name the server gave in Content-Disposition, or the fallback. */
export function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return match?.[1] ?? fallback;
}

/** Hands a file the server sent to the browser as a download. */
export async function saveDownload(response: Response, fileName: string): Promise<void> {
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once click() returns; free it a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
