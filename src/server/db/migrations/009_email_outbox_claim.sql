-- Who holds an email being sent (issue 21): a token drawn for each claim. The lease is short and
-- renewed while the send is under way; a renewal, a failure or a release names the token, so a
-- worker whose lease ran out and was claimed by another never touches the other's claim.
ALTER TABLE email_outbox ADD COLUMN claim text;
