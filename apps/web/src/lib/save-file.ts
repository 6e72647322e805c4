/** Hands the browser a file to save: a Blob behind an object URL, clicked through a hidden link. */
export function saveFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click returns: let go of it a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
