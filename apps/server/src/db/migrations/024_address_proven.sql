-- Issue 24 (findings 1, 3): an account's e-mail address is trusted only once someone proved they
-- read mail sent to it (activation, password reset, identifier-change confirmation) or the social
-- network it registered with vouched for it. NULL: not proven. The purchase flow's sign-up and a
-- registration without activation make ACTIVE accounts with an unproven address; such an account
-- links no social network, sees no invitation by its address and gets no Disqus sign-on until a
-- reset proves it (which drops what was attached to it before).
ALTER TABLE user_profiles ADD COLUMN address_proven_at BIGINT;
-- Existing ACTIVE accounts predate the flag and count as proven, so their owners keep linking
-- networks and seeing invitations; nothing recorded tells an activated account from a purchase
-- sign-up. INACTIVE and LOCKED ones prove their address again (activation or reset).
UPDATE user_profiles SET address_proven_at = created_at WHERE state = 'ACTIVE';
