/** Where a "new draft" action lands: the draft, told whether it was made or an open one was found. */
export const draftHref = ({ rubricVersionId, isNew }: { rubricVersionId: string; isNew: boolean }) =>
  `/rubrics/${rubricVersionId}${isNew ? "?draft=new" : "?draft=existing"}`;
