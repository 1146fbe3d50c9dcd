int tg_dummy;
