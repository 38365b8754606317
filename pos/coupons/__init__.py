"""Remote coupons (p.17, issue 37): bets registered from a coupon whose stake came by transfer."""
