module github.com/locklab/locklab/integrations/hugo

go 1.19
