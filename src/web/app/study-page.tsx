/** One study as its organiser manages it (built in issue 34). */
export function StudyPage({ id }: { id: string }) {
  return <p class="empty">Study {id}</p>;
}
