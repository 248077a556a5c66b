# Debian's /etc/nginx/nginx.conf, sized for a hall: every open board is a websocket, and nginx
# holds two connections for each (the browser's and its own to the worker), so Debian's 768
# connections per nginx process would cap a hall at a few hundred players. Run once:
#   sed -i -f deploy/nginx-main.sed /etc/nginx/nginx.conf
# (running it again changes nothing). tests/nginx_front.py applies this same file.
s/^\([[:space:]]*\)worker_connections [0-9]*;/\1worker_connections 4096;/
/^worker_rlimit_nofile /d
/^pid /a worker_rlimit_nofile 8192;
